package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** --port, --host and --allow-host as a command that mixes them in parses them. */
class ListenOptionsTest {
    @Command(name = "server")
    static final class Server {
        @Mixin ListenOptions listen = new ListenOptions(8770);
    }

    static ListenOptions parse(String... args) {
        Server s = new Server();
        new CommandLine(s).parseArgs(args);
        return s.listen;
    }

    @Test
    void withNoFlagTheServerListensOnItsOwnPortOfLoopback() {
        ListenOptions o = parse();
        assertThat(o.address()).isEqualTo(new InetSocketAddress("127.0.0.1", 8770));
        assertThat(o.allowHosts).isEmpty();
    }

    @Test
    void theFlagsChooseTheAddressAndTheNamesAllowed() {
        ListenOptions o =
                parse(
                        "--port",
                        "0",
                        "--host",
                        "0.0.0.0",
                        "--allow-host",
                        "a.lan",
                        "--allow-host=b");
        assertThat(o.address()).isEqualTo(new InetSocketAddress("0.0.0.0", 0));
        assertThat(o.allowHosts).containsExactly("a.lan", "b");
    }

    @Test
    void theHelpShowsEachServersOwnDefaultPort() {
        String help = new CommandLine(new Server()).setUsageHelpWidth(200).getUsageMessage();
        assertThat(help)
                .contains("TCP port; 0 picks a free one (default 8770).")
                .contains("Address to listen on; 0.0.0.0 for all (default 127.0.0.1).");
    }
}
