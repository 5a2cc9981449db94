package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

class EndpointUrlsTest {

    @Test
    void rpcEndpointsBecomeSampleUrlsAsWritten() {
        EndpointUrls urls = new EndpointUrls();
        for (String endpoint : new String[] {"dubbo://127.0.0.1:20880", "tri://127.0.0.1:50051",
            "thrift://127.0.0.1:9090", "zookeeper://127.0.0.1:2181"}) {
            SampleResult result = new SampleResult();
            result.setURL(urls.url(endpoint));
            assertThat(result.getUrlAsString()).isEqualTo(endpoint);
        }
        URL url = urls.url("dubbo://127.0.0.1:20880");
        assertThat(url.getHost()).isEqualTo("127.0.0.1");
        assertThat(url.getPort()).isEqualTo(20880);
    }

    @Test
    void theSameEndpointGivesTheSameUrlAndAnotherANewOne() {
        EndpointUrls urls = new EndpointUrls();
        URL first = urls.url("dubbo://127.0.0.1:20880");
        assertThat(urls.url("dubbo://127.0.0.1:20880")).isSameAs(first);
        assertThat(urls.url("dubbo://127.0.0.1:20881").getPort()).isEqualTo(20881);
        assertThat(urls.url(null)).isNull();
    }

    @Test
    void anEndpointUrlCannotBeOpened() {
        URL url = new EndpointUrls().url("thrift://127.0.0.1:9090");
        assertThatThrownBy(url::openConnection).isInstanceOf(IOException.class)
                .hasMessage("thrift://127.0.0.1:9090 names an RPC endpoint; it cannot be opened as a URL");
    }
}
