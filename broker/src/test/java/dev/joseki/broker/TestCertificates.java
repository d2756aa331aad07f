package dev.joseki.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away PKI made with the JDK's {@code keytool}, as an operator would make one: a CA, a
 * broker key pair whose certificate the CA signs for 127.0.0.1 and localhost (clients verify the
 * host name), the broker's keystore holding that chain, and a truststore holding only the CA
 * certificate for clients. PKCS12 stores, EC keys (generated in milliseconds, unlike RSA), valid
 * for two days.
 *
 * @param keystore the broker's key and certificate chain
 * @param truststore the CA certificate, for clients and the broker's own inter-broker connections
 * @param password the password of both stores
 */
public record TestCertificates(Path keystore, Path truststore, String password) {

    /** Steps 1–6 below, each one keytool run, in {@code dir}. */
    public static TestCertificates create(Path dir) {
        String pw = "store-" + UUID.randomUUID();
        Path ca = dir.resolve("ca.p12"),
                caCert = dir.resolve("ca.crt"),
                broker = dir.resolve("broker.p12");
        Path csr = dir.resolve("broker.csr"), brokerCert = dir.resolve("broker.crt");
        Path trust = dir.resolve("truststore.p12");
        // 1. The CA: a self-signed key pair allowed to sign certificates (basic constraints
        // CA:true).
        keytool(
                dir,
                "-genkeypair",
                "-alias",
                "ca",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=Joseki test CA",
                "-ext",
                "bc:c",
                "-validity",
                "2",
                "-keystore",
                ca.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                pw);
        keytool(
                dir,
                "-exportcert",
                "-rfc",
                "-alias",
                "ca",
                "-keystore",
                ca.toString(),
                "-storepass",
                pw,
                "-file",
                caCert.toString());
        // 2. The broker's key pair, 3. its signing request, 4. signed by the CA for the addresses
        // clients dial.
        keytool(
                dir,
                "-genkeypair",
                "-alias",
                "broker",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=127.0.0.1",
                "-validity",
                "2",
                "-keystore",
                broker.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                pw);
        keytool(
                dir,
                "-certreq",
                "-alias",
                "broker",
                "-keystore",
                broker.toString(),
                "-storepass",
                pw,
                "-file",
                csr.toString());
        keytool(
                dir,
                "-gencert",
                "-rfc",
                "-alias",
                "ca",
                "-keystore",
                ca.toString(),
                "-storepass",
                pw,
                "-infile",
                csr.toString(),
                "-outfile",
                brokerCert.toString(),
                "-validity",
                "2",
                "-ext",
                "SAN=IP:127.0.0.1,DNS:localhost");
        // 5. The chain into the broker's keystore: the CA first, so that keytool accepts the signed
        // reply.
        keytool(
                dir,
                "-importcert",
                "-noprompt",
                "-alias",
                "ca",
                "-file",
                caCert.toString(),
                "-keystore",
                broker.toString(),
                "-storepass",
                pw);
        keytool(
                dir,
                "-importcert",
                "-alias",
                "broker",
                "-file",
                brokerCert.toString(),
                "-keystore",
                broker.toString(),
                "-storepass",
                pw);
        // 6. The clients' truststore: the CA certificate alone.
        keytool(
                dir,
                "-importcert",
                "-noprompt",
                "-alias",
                "ca",
                "-file",
                caCert.toString(),
                "-keystore",
                trust.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                pw);
        return new TestCertificates(broker, trust, pw);
    }

    private static void keytool(Path dir, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        Path log = dir.resolve("keytool.log");
        try {
            Process p =
                    new ProcessBuilder(cmd)
                            .directory(dir.toFile())
                            .redirectErrorStream(true)
                            .redirectOutput(log.toFile())
                            .start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("keytool " + args[0] + " timed out");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(
                        "keytool "
                                + args[0]
                                + " failed: "
                                + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running keytool", e);
        }
    }
}
