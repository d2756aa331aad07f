package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClusterAddressTest {
    @Test
    void localModeAndAMasterOnThisMachineUseTheLoopbackAddress() {
        assertThat(ClusterAddress.towardsMaster("local[*]")).isEqualTo("127.0.0.1");
        assertThat(ClusterAddress.towardsMaster("spark://127.0.0.1:7077")).isEqualTo("127.0.0.1");
        assertThat(ClusterAddress.towardsMaster("spark://localhost:7077")).isEqualTo("127.0.0.1");
    }

    @Test
    void theHostIsTheFirstMastersWithoutItsPort() {
        assertThat(ClusterAddress.masterHost("spark://spark-master:7077"))
                .isEqualTo("spark-master");
        assertThat(ClusterAddress.masterHost("spark://a:7077,b:7078")).isEqualTo("a");
        assertThat(ClusterAddress.masterHost("spark://10.0.0.5")).isEqualTo("10.0.0.5");
    }

    @Test
    void anUnresolvableMasterIsOneLineNamingTheHost() {
        assertThatThrownBy(() -> ClusterAddress.towardsMaster("spark://no-such-host.invalid:7077"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no-such-host.invalid");
        assertThatThrownBy(() -> ClusterAddress.towardsMaster("spark://:7077"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spark://HOST:PORT");
    }
}
