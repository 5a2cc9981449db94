package io.rpcbench.echo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CredentialsInAddressTest {

    @Test
    void aUserOrPasswordInTheQueryIsFoundAndMaskedWhateverItsPlace() {
        String address = "nacos://127.0.0.1:8848?namespace=bench&password=s3cret&username=nacos";

        assertThat(CredentialsInAddress.inQuery(address)).isTrue();
        assertThat(CredentialsInAddress.inQuery("nacos://127.0.0.1:8848?username=nacos")).isTrue();
        assertThat(CredentialsInAddress.masked(address))
                .isEqualTo("nacos://127.0.0.1:8848?namespace=bench&password=****&username=****");
    }

    @Test
    void anAddressWithoutThemIsLeftAlone() {
        String address = "nacos://127.0.0.1:8848?namespace=bench&group=RPC";

        assertThat(CredentialsInAddress.inQuery(address)).isFalse();
        assertThat(CredentialsInAddress.inQuery("zookeeper://127.0.0.1:2181")).isFalse();
        assertThat(CredentialsInAddress.masked(address)).isEqualTo(address);
    }
}
