package dev.joseki.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Option values that the command line did not give. Precedence, highest first:
 *
 * <ol>
 *   <li>the command-line flag (picocli never asks us then);
 *   <li>an environment variable {@code JOSEKI_<OPTION>}: {@code --bootstrap-servers} reads {@code
 *       JOSEKI_BOOTSTRAP_SERVERS};
 *   <li>the config file ({@code --config FILE} or {@code JOSEKI_CONFIG}), a Java properties file
 *       whose keys are the long option names without dashes, optionally prefixed by the command
 *       path: {@code book.build.max-ply=40} beats {@code max-ply=40};
 *   <li>the option's own default.
 * </ol>
 */
final class ConfigDefaults implements CommandLine.IDefaultValueProvider {
    private final Map<String, String> env;
    private final Properties file;
    private final String path;

    ConfigDefaults(Map<String, String> env, Properties file) {
        this(env, file, null);
    }

    ConfigDefaults(Map<String, String> env, Properties file, String path) {
        this.env = env;
        this.file = file;
        this.path = path;
    }

    /** Reads the config file named by --config in args, else by JOSEKI_CONFIG, else none. */
    static ConfigDefaults from(String[] args, Map<String, String> env) {
        String path = env.get("JOSEKI_CONFIG");
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config") && i + 1 < args.length) {
                path = args[i + 1];
            } else if (args[i].startsWith("--config=")) {
                path = args[i].substring("--config=".length());
            }
        }
        Properties props = new Properties();
        if (path != null) {
            try (Reader r = Files.newBufferedReader(Path.of(path), StandardCharsets.UTF_8)) {
                props.load(r);
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "cannot read config file " + path + ": " + e.getMessage(), e);
            }
        }
        return new ConfigDefaults(env, props, path);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        String key = key(arg);
        return key == null ? null : key.startsWith(ENV) ? env.get(key) : file.getProperty(key);
    }

    /**
     * Where an option's value comes from when the command line does not give it, as a user would
     * look for it: "JOSEKI_GAMES" or "config file joseki.properties, key max-ply"; null for the
     * option's own default. A bad value is reported under this name, not under the flag the user
     * never typed.
     */
    String origin(ArgSpec arg) {
        String key = key(arg);
        if (key == null) {
            return null;
        }
        return key.startsWith(ENV) ? key : "config file " + path + ", key " + key;
    }

    private static final String ENV = "JOSEKI_";

    /** The environment variable or file key that holds a value for arg, null if none does. */
    private String key(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option) || !option.longestName().startsWith("--")) {
            return null;
        }
        String name = option.longestName().substring(2);
        if (name.equals("config")) {
            return null;
        }
        String envKey = ENV + name.replace('-', '_').toUpperCase(Locale.ROOT);
        if (env.get(envKey) != null) {
            return envKey;
        }
        CommandLine.Model.CommandSpec cmd = option.command();
        String qualified = cmd == null ? name : commandPath(cmd) + name;
        if (file.getProperty(qualified) != null) {
            return qualified;
        }
        return file.getProperty(name) != null ? name : null;
    }

    /** "book.build." for the book build command, "" for the root. */
    private static String commandPath(CommandLine.Model.CommandSpec cmd) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine.Model.CommandSpec c = cmd;
                c != null && c.parent() != null;
                c = c.parent()) {
            sb.insert(0, c.name() + ".");
        }
        return sb.toString();
    }
}
