package dev.joseki.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * What serve and book serve report when their server cannot start, and the address they print (the
 * serving itself, as a real subprocess: BookServeCommandTest).
 */
class ForegroundServerTest {
    /** The exception the JDK throws for a port another socket holds, as a server start wraps it. */
    static UncheckedIOException portTaken(int port) throws IOException {
        try (ServerSocket second = new ServerSocket()) {
            second.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
        } catch (BindException e) {
            return new UncheckedIOException(e);
        }
        throw new AssertionError("port " + port + " was free");
    }

    @Test
    void aPortInUseIsAUsageErrorNamingIt() throws IOException {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = busy.getLocalPort();
            RuntimeException r = ForegroundServer.startFailure(port, portTaken(port));
            assertThat(r).isInstanceOf(CommandFailure.class);
            assertThat(((CommandFailure) r).status).isEqualTo(ExitCodes.USAGE);
            assertThat(r.getMessage())
                    .isEqualTo("port " + port + " is in use; use --port (0 picks a free one)");
        }
    }

    @Test
    void anotherStartFailureIsReportedAsItIs() {
        UncheckedIOException refused =
                new UncheckedIOException(new BindException("Cannot assign requested address"));
        UncheckedIOException other = new UncheckedIOException(new IOException("disk full"));
        assertThat(ForegroundServer.startFailure(8766, refused)).isSameAs(refused);
        assertThat(ForegroundServer.startFailure(8766, other)).isSameAs(other);
    }

    @Test
    void allAddressesArePrintedAsLocalhost() {
        assertThat(ForegroundServer.url("0.0.0.0", 8766, "/")).isEqualTo("http://localhost:8766/");
    }

    @Test
    void anyOtherHostIsPrintedAsGiven() {
        assertThat(ForegroundServer.url("127.0.0.1", 8766, "/explorer/"))
                .isEqualTo("http://127.0.0.1:8766/explorer/");
        assertThat(ForegroundServer.url("room.example", 80, "/"))
                .isEqualTo("http://room.example:80/");
    }
}
