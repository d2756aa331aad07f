package dev.joseki.cli.command;

/** Removing a shutdown hook that may already be running. */
public final class ShutdownHooks {
    private ShutdownHooks() {}

    /**
     * Removes {@code hook} (null: none); once the JVM is exiting the hook runs and this is a no-op.
     */
    public static void remove(Thread hook) {
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already exiting: the hook is running and returns on its own
        }
    }
}
