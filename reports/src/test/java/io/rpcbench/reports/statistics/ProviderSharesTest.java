package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ProviderSharesTest {

    private static JtlSample sample(String label, String url, boolean success) {
        return new JtlSample(0, 1, label, success ? "OK" : "connection", "", success, 0, 0, 1, url);
    }

    @Test
    void countsEachLabelsSamplesPerProviderWithTheShareOfTheLabelAndTheErrors() {
        ProviderShares shares = new ProviderShares();
        IntStream.range(0, 6).forEach(i -> shares.accept(sample("echo", "dubbo://127.0.0.1:2002", true)));
        IntStream.range(0, 3).forEach(i -> shares.accept(sample("echo", "dubbo://127.0.0.1:2001", true)));
        shares.accept(sample("echo", "dubbo://127.0.0.1:2001", false));
        shares.accept(sample("thrift", "thrift://127.0.0.1:9090", true));

        assertThat(shares.shares()).containsExactly(
                new DashboardData.ProviderShare("echo", "dubbo://127.0.0.1:2001", 4, 40.0, 1),
                new DashboardData.ProviderShare("echo", "dubbo://127.0.0.1:2002", 6, 60.0, 0),
                new DashboardData.ProviderShare("thrift", "thrift://127.0.0.1:9090", 1, 100.0, 0));
    }

    @Test
    void samplesWithoutAProviderCountInTheLabelsTotalOnly() {
        ProviderShares shares = new ProviderShares();
        shares.accept(sample("echo", "", true));
        shares.accept(sample("echo", "dubbo://127.0.0.1:2001", true));

        assertThat(shares.shares()).containsExactly(
                new DashboardData.ProviderShare("echo", "dubbo://127.0.0.1:2001", 1, 50.0, 0));
        ProviderShares none = new ProviderShares();
        none.accept(sample("echo", "", true));
        assertThat(none.shares()).isEmpty();
    }

    @Test
    void pairsPastTheLimitCountTogether() {
        ProviderShares shares = new ProviderShares();
        IntStream.range(0, ProviderShares.MAX_PROVIDERS + 5)
                .forEach(i -> shares.accept(sample("echo", "dubbo://127.0.0.1:" + (10_000 + i), true)));

        assertThat(shares.shares()).hasSize(ProviderShares.MAX_PROVIDERS + 1)
                .filteredOn(s -> s.provider().equals(ProviderShares.OTHER)).singleElement()
                .satisfies(other -> assertThat(other.samples()).isEqualTo(5));
    }
}
