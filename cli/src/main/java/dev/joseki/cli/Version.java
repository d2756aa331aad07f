package dev.joseki.cli;

import picocli.CommandLine;

/** The version printed by --version: the jar's implementation version, or "dev" from classes. */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"joseki " + (v == null ? "dev" : v)};
    }
}
