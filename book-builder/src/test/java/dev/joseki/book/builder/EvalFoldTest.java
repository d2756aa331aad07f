package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code book evals}: hand-made PositionEval records on a real broker (committed and aborted
 * transactions) and in a record file, folded by real Spark local[2] into a real RocksDB book built
 * from games. Every expected value and key is worked out by hand below, the mover-view key of a
 * White-to-move position too.
 */
class EvalFoldTest {
    static KafkaBroker broker;
    static SparkSession spark;
    static final String TOPIC = "joseki.evals.foldtest";
    static final String AFTER_7G7F =
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    /**
     * AFTER_7G7F turned 180° with colours swapped (Black to move): White's camp with a pawn on 3d.
     */
    static final String AFTER_7G7F_MOVER =
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2";

    @BeforeAll
    static void start() throws Exception {
        broker = KafkaBroker.temporary(Map.of());
        broker.start();
        try (Admin a = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            a.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 1))).all().get();
        }
        spark = BookBuildJob.session("local[2]", 4);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
        if (broker != null) {
            broker.close();
        }
    }

    static EvaluatedMove move(String usi, int value, int depth, long nodes) {
        return EvaluatedMove.newBuilder()
                .setUsi(usi)
                .setValue(value)
                .setDepth(depth)
                .setNodes(nodes)
                .setMate(Math.abs(value) > 31_000)
                .build();
    }

    static PositionEval eval(String id, String sfen, EvaluatedMove... moves) {
        return PositionEval.newBuilder()
                .setEvalId(id)
                .setSfen(sfen)
                .addAllMoves(List.of(moves))
                .build();
    }

    /**
     * The first records: the start position (Black to move) and the position after 7g7f (White to
     * move).
     */
    static final PositionEval START_1 =
            eval("t1/0", Sfen.STARTPOS, move("7g7f", 30, 10, 1000), move("2g2f", 20, 10, 1000));

    static final PositionEval WHITE_1 =
            eval("t1/1", AFTER_7G7F, move("3c3d", 15, 9, 700), move("4a3b", -31_991, 9, 700));

    /** A second look at the start position: 7g7f deeper (wins), 2g2f shallower (loses). */
    static final PositionEval START_2 =
            eval("t2/0", Sfen.STARTPOS, move("7g7f", -5, 12, 500), move("2g2f", 99, 8, 5000));

    /** Never committed: its transaction is aborted. */
    static final PositionEval ABORTED = eval("t9/0", Sfen.STARTPOS, move("7g7f", 777, 40, 1));

    /** 7g7f is not legal for White: rejected. */
    static final PositionEval ILLEGAL = eval("t3/0", AFTER_7G7F, move("7g7f", 0, 1, 1));

    static void sendInTransaction(String txnId, boolean commit, PositionEval... evals)
            throws Exception {
        Properties p = KafkaSettings.of(broker.bootstrapServers()).producer(txnId);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p)) {
            producer.initTransactions();
            producer.beginTransaction();
            for (PositionEval e : evals) {
                producer.send(new ProducerRecord<>(TOPIC, e.getEvalId(), e.toByteArray())).get();
            }
            if (commit) {
                producer.commitTransaction();
            } else {
                producer.abortTransaction();
            }
        }
    }

    /**
     * Entry key worked by hand: the position's key (given as its mover view) ‖ the move in mover
     * coordinates.
     */
    static byte[] key(String moverSfen, String moverMove) {
        Position mover = Sfen.parse(moverSfen);
        return BookLayout.entryKey(FullKey.of(mover), Move.move16(UsiMove.parse(mover, moverMove)));
    }

    static SortedMap<Integer, MoveEval> evals(Path book, String moverSfen) {
        try (RocksBook b = RocksBook.open(book)) {
            return b.evals(EvalLayout.Table.EVALS, FullKey.of(Sfen.parse(moverSfen)));
        }
    }

    static int m16(String moverSfen, String moverMove) {
        return BookLayout.move16(key(moverSfen, moverMove));
    }

    @Test
    void evalsFoldIntoTheBookByTheMergeRuleAndAgainChangeNothing(@TempDir Path tmp)
            throws Exception {
        // A book with counts: two games (the fold must keep them).
        Path games =
                Files.writeString(
                        tmp.resolve("games.usi"),
                        "position startpos moves 7g7f 3c3d 2g2f\n"
                                + "position startpos moves 2g2f 8c8d 7g7f\n");
        Path out = tmp.resolve("book");
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of(games.toString()))
                        .withMaster("local[2]")
                        .withPartitions(2);
        assertThat(BookBuildJob.run(spark, s, GameSources.records(spark, s)).gamesAdded())
                .isEqualTo(2);
        sendInTransaction("fold-a", true, START_1, WHITE_1);
        sendInTransaction("fold-b", false, ABORTED);
        EvalFold.Inputs kafkaOnly =
                new EvalFold.Inputs(KafkaSettings.of(broker.bootstrapServers()), TOPIC, List.of());

        // 1. from Kafka: the committed records only
        EvalFold.Report r1 = EvalFold.run(spark, out, kafkaOnly);
        assertThat(r1.records()).isEqualTo(2);
        assertThat(r1.entries()).isEqualTo(4);
        assertThat(r1.changed()).isEqualTo(4);
        assertThat(r1.version()).isNotNull();
        assertThat(evals(out, Sfen.STARTPOS))
                .isEqualTo(
                        Map.of(
                                m16(Sfen.STARTPOS, "7g7f"), new MoveEval(30, 10, 1000),
                                m16(Sfen.STARTPOS, "2g2f"), new MoveEval(20, 10, 1000)));
        // White's 3c3d is 7g7f and 4a3b is 6i7h in the mover view; -31991 = mated in 9 plies.
        assertThat(evals(out, AFTER_7G7F_MOVER))
                .isEqualTo(
                        Map.of(
                                m16(AFTER_7G7F_MOVER, "7g7f"), new MoveEval(15, 9, 700),
                                m16(AFTER_7G7F_MOVER, "6i7h"), new MoveEval(-31_991, 9, 700)));
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().getLong(BookMetadata.GAMES, -1)).as("counts kept").isEqualTo(2);
            assertThat(b.metadata().getLong(BookMetadata.EVALS, -1)).isEqualTo(4);
        }

        // 2. a record file: a deeper 7g7f wins, a shallower 2g2f loses, a repeat changes nothing, a
        // bad record is named, and a last record cut short by a stopped writer is named and not
        // folded (whole, its 7g7f at depth 40 would win)
        Path file = tmp.resolve("more.evals");
        try (OutputStream o = Files.newOutputStream(file)) {
            PositionEvals.write(o, List.of(START_2, WHITE_1, ILLEGAL));
        }
        ByteArrayOutputStream deep = new ByteArrayOutputStream();
        ABORTED.writeDelimitedTo(deep);
        byte[] cut = java.util.Arrays.copyOf(deep.toByteArray(), deep.size() - 2);
        Files.write(file, cut, StandardOpenOption.APPEND);
        EvalFold.Inputs fileOnly = new EvalFold.Inputs(null, null, List.of(file));
        EvalFold.Report r2 = EvalFold.run(spark, out, fileOnly);
        assertThat(r2.records()).isEqualTo(3);
        assertThat(r2.rejected()).isEqualTo(2);
        assertThat(r2.errors()).hasSize(2);
        assertThat(r2.errors())
                .anySatisfy(
                        e -> assertThat(e).startsWith(file + "#3: ").contains("eval t3/0", "7g7f"));
        assertThat(r2.errors())
                .contains(
                        file
                                + ": record 4 is cut short, "
                                + cut.length
                                + " bytes of an unfinished write (a run stopped while writing"
                                + " it); the 3 whole records before it are read");
        assertThat(r2.changed()).isEqualTo(1);
        assertThat(evals(out, Sfen.STARTPOS))
                .isEqualTo(
                        Map.of(
                                m16(Sfen.STARTPOS, "7g7f"), new MoveEval(-5, 12, 500),
                                m16(Sfen.STARTPOS, "2g2f"), new MoveEval(20, 10, 1000)));
        assertThat(evals(out, AFTER_7G7F_MOVER)).hasSize(2);

        // 3. the same again, and Kafka with nothing new: no new version
        Path v2 = BookVersions.current(out);
        EvalFold.Report r3 =
                EvalFold.run(
                        spark, out, new EvalFold.Inputs(kafkaOnly.kafka(), TOPIC, List.of(file)));
        assertThat(r3.records())
                .isEqualTo(3); // the file only: the remembered offsets skip the topic's records
        assertThat(r3.changed()).isZero();
        assertThat(r3.version()).isNull();
        assertThat(BookVersions.current(out)).isEqualTo(v2);
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().getLong(BookMetadata.EVALS, -1)).isEqualTo(4);
        }
    }
}
