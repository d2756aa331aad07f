package dev.joseki.cli;

import dev.joseki.kafka.Topics;

/**
 * What Ctrl-C of {@code selfplay --wait} leaves behind, said on the way out. The workers own the
 * tasks once published, and Kafka cannot take them back from a consumer group with live members, so
 * a run on a cluster keeps playing; the notice says exactly how to drop the queue. An embedded
 * broker takes its queue with it.
 */
record QueuedGamesNotice(
        String runId,
        int games,
        String bootstrapServers,
        Topics topics,
        String group,
        boolean embedded) {

    String text(int recorded) {
        if (embedded) {
            return "joseki selfplay: interrupted: "
                    + recorded
                    + " of "
                    + games
                    + " games of run "
                    + runId
                    + " recorded; the embedded broker and the games still queued on it are"
                    + " discarded";
        }
        return "joseki selfplay: interrupted: "
                + recorded
                + " of "
                + games
                + " games of run "
                + runId
                + " recorded. The other tasks stay queued on "
                + topics.tasks()
                + " and the workers of group "
                + group
                + " will still play them (their records go to "
                + topics.games()
                + ").\n"
                + "To drop the queue: stop those workers (./joseki cluster down, or SIGTERM each"
                + " ./joseki worker), then\n"
                + "  kafka-consumer-groups.sh --bootstrap-server "
                + bootstrapServers
                + " --group "
                + group
                + " --topic "
                + topics.tasks()
                + " --reset-offsets --to-latest --execute\n"
                + "(this drops every task queued for the group, not only this run's).";
    }
}
