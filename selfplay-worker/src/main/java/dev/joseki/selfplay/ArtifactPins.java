package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import java.util.HashMap;
import java.util.Map;

/**
 * What a command that enqueues does with {@code artifact=NAME} engines before it makes a task: it
 * looks the name up once on the engines topic and puts the hash of its latest publication in the
 * spec, so every task of the run asks for the same bytes even if the name is published again
 * meanwhile. A spec that already names a hash is checked to exist. Other specs pass unchanged.
 * ArtifactException (one line) for a name or hash the topic does not hold.
 */
public final class ArtifactPins {
    private final EngineTopic topic;
    private final Map<String, String> pinned = new HashMap<>();

    public ArtifactPins(KafkaSettings kafka, Topics topics) {
        this.topic = new EngineTopic(kafka, topics.engines());
    }

    /** {@code spec} with its artifact's exact hash (unchanged when it names no artifact). */
    public synchronized EngineSpec pin(EngineSpec spec) {
        if (spec.artifact() == null) {
            return spec;
        }
        String given = spec.artifactHash();
        if (given != null) {
            if (!pinned.containsValue(given)) {
                topic.manifest(given);
                pinned.put(spec.artifact(), given);
            }
            return spec;
        }
        String hash = pinned.computeIfAbsent(spec.artifactName(), n -> topic.resolve(n).getHash());
        return spec.withArtifactHash(hash);
    }
}
