package dev.joseki.selfplay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the benches read of processes from Linux's /proc: CPU time ({@code stat}: utime and stime,
 * in clock ticks of 10 ms) and resident memory ({@code status}: VmRSS).
 */
final class ProcStats {
    private ProcStats() {}

    /** The broker's JVM: the descendant of this JVM that runs kafka.Kafka. */
    static long brokerPid() {
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("kafka.Kafka"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no broker JVM below this one"))
                .pid();
    }

    /** The ids of those of {@code processes} still alive. */
    static List<Long> pids(List<Process> processes) {
        return processes.stream().filter(Process::isAlive).map(Process::pid).toList();
    }

    /** User + system CPU seconds of the processes so far. */
    static double cpuSeconds(List<Long> pids) throws Exception {
        double sum = 0;
        for (long pid : pids) {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            sum += (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0; // utime, stime
        }
        return sum;
    }

    /** The process's resident set in MiB (VmRSS), or -1 if it has exited. */
    static double rssMib(long pid) throws Exception {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                // "VmRSS:    123456 kB"
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        return -1;
    }
}
