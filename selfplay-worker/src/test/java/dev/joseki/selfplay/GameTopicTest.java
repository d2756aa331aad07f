package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KafkaBrokerExtension.class)
class GameTopicTest {
    // field 1 (game_id), length 5, and no bytes after it: protobuf cannot parse this
    private static final byte[] NOT_A_GAME = {0x0A, 0x05};

    private static GameRecord game(String id) {
        return GameRecord.newBuilder().setGameId(id).setStartSfen("startpos").build();
    }

    @Test
    void aScanHandsOverEveryGameAndPassesOverRecordsThatAreNotGames(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("game-topic");
        topics.ensure(kafka);
        TopicsForTest.sendRaw(kafka, topics.games(), "a", game("a").toByteArray());
        TopicsForTest.sendRaw(kafka, topics.games(), "junk", NOT_A_GAME);
        TopicsForTest.sendRaw(kafka, topics.games(), "b", game("b").toByteArray());
        List<String> ids = new ArrayList<>();
        GameTopic.scan(kafka, topics, g -> ids.add(g.getGameId()));
        assertThat(ids).containsExactlyInAnyOrder("a", "b");
        assertThat(SelfPlayRun.readAll(kafka, topics))
                .extracting(GameRecord::getGameId)
                .containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void aRunsOwnRecordThatDoesNotParseIsNamedByKeyAndPlace() {
        ConsumerRecord<String, byte[]> r =
                new ConsumerRecord<>("t.games", 3, 41L, "run-g7/0", NOT_A_GAME);
        assertThatThrownBy(() -> GameTopic.parse(r))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("bad game record run-g7/0 at t.games-3@41");
    }
}
