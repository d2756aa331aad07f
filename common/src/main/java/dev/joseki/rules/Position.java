package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

import java.util.Arrays;

/**
 * A shogi position: a {@code byte[81]} mailbox of coloured pieces, both hands, side to move and
 * move number, with an incremental Zobrist key and the key history of the game so far.
 *
 * <p>{@link #doMove} / {@link #undoMove} allocate nothing: the packed move carries the moving and
 * the captured piece, and the key history is the undo record (its array grows only past 1,024
 * plies). Moves given to {@code doMove} must be legal; use {@link MoveGenerator} or {@link
 * #isLegal}.
 *
 * <p>Beside the mailbox the position keeps {@link Bitboard} sets (occupancy per colour, squares per
 * coloured piece and per attack group), which {@link Attacks} and {@link MoveGenerator} read.
 *
 * <p>Invariants: {@code key} equals {@link #computeKey()}; {@code kingSquare[c]} is the square of
 * c's king or -1; bit f-1 of {@code pawnFiles[c]} is set iff c has an unpromoted pawn on file f;
 * {@code occ} and {@code bb} hold exactly the board's pieces ({@link #setsMatchBoard}).
 */
public final class Position {
    final byte[] board = new byte[Square.NB];

    /** hand[color * 8 + type] for types 1..7. */
    final int[] hand = new int[16];

    int side;
    int moveNumber = 1;
    long key;
    final int[] kingSquare = {-1, -1};
    final int[] pawnFiles = new int[2];

    /**
     * Occupancy by colour as 81-bit sets: occ[c * 2] holds squares 0..62, occ[c * 2 + 1] squares
     * 63..80. Kept in step with the board by put, doMove and undoMove.
     */
    final long[] occ = new long[4];

    /**
     * Piece sets, kept in step with the board like occ: bb[code * 2 + half] for each coloured piece
     * code 1..30, then per colour the groups the attack tests ask about at once ({@link
     * PieceGroups}).
     */
    final long[] bb = new long[PieceGroups.NO_GROUP * 2];

    /** keys[0..length] are the keys of every position since the start; keys[length] is this one. */
    private long[] keys = new long[1024];

    private int length;

    /**
     * An empty board, Black to move, move number 1. Fill it with {@link #put} and {@link #setHand}.
     */
    public Position() {
        key = computeKey();
        keys[0] = key;
    }

    public Position copy() {
        Position p = new Position();
        p.copyFrom(this);
        return p;
    }

    /** Becomes an exact copy of other, history included. */
    public void copyFrom(Position o) {
        System.arraycopy(o.board, 0, board, 0, Square.NB);
        System.arraycopy(o.hand, 0, hand, 0, hand.length);
        side = o.side;
        moveNumber = o.moveNumber;
        key = o.key;
        kingSquare[0] = o.kingSquare[0];
        kingSquare[1] = o.kingSquare[1];
        pawnFiles[0] = o.pawnFiles[0];
        pawnFiles[1] = o.pawnFiles[1];
        System.arraycopy(o.occ, 0, occ, 0, occ.length);
        System.arraycopy(o.bb, 0, bb, 0, bb.length);
        keys = Arrays.copyOf(o.keys, o.keys.length);
        length = o.length;
    }

    // ---------------------------------------------------------------- set-up

    /** Places a coloured piece (or NONE) on a square, keeping the derived fields right. */
    public void put(int sq, int piece) {
        board[sq] = (byte) piece;
        afterEdit();
    }

    public void setHand(int color, int type, int count) {
        hand[color * 8 + type] = count;
        afterEdit();
    }

    public void setSideToMove(int color) {
        side = color;
        afterEdit();
    }

    public void setMoveNumber(int n) {
        moveNumber = n;
    }

    /** Recomputes kings, pawn files and key after set-up; forgets the history. */
    void afterEdit() {
        kingSquare[0] = kingSquare[1] = -1;
        pawnFiles[0] = pawnFiles[1] = 0;
        Arrays.fill(occ, 0);
        Arrays.fill(bb, 0);
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = board[sq];
            if (p != 0) {
                toggle(p, sq);
            }
            if (type(p) == KING) {
                kingSquare[color(p)] = sq;
            } else if (p != 0 && type(p) == PAWN) {
                pawnFiles[color(p)] |= 1 << (Square.file(sq) - 1);
            }
        }
        key = computeKey();
        length = 0;
        keys[0] = key;
    }

    // ---------------------------------------------------------------- queries

    public int pieceOn(int sq) {
        return board[sq];
    }

    /**
     * The occupied squares of one half of the board as a bit set: half 0 holds squares 0..62 (bit =
     * square), half 1 squares 63..80 (bit = square − 63).
     */
    public long occupied(int half) {
        return occ[half] | occ[2 | half];
    }

    public int handCount(int color, int type) {
        return hand[color * 8 + type];
    }

    public int sideToMove() {
        return side;
    }

    /** SFEN move number: 1 for the first move of a game. */
    public int moveNumber() {
        return moveNumber;
    }

    public long key() {
        return key;
    }

    public int kingSquare(int color) {
        return kingSquare[color];
    }

    /** Plies played since this position was set up. */
    public int historyLength() {
        return length;
    }

    /** Key of the position {@code pliesAgo} plies before this one (0 = this one). */
    public long keyAt(int pliesAgo) {
        return keys[length - pliesAgo];
    }

    public boolean hasPawnOnFile(int color, int file) {
        return (pawnFiles[color] & 1 << (file - 1)) != 0;
    }

    /**
     * Hashes of where pieces stand, for the search's correction history: {@code structureKey} of
     * both sides' pawns and kings (the shape a castle and a pawn front give the game), {@code
     * placementKey(c)} of the squares c's other pieces stand on (not which pieces). Each 81-bit set
     * is mixed by a multiplication, so the high bits depend on every square; callers index by the
     * high bits.
     */
    public long structureKey() {
        final int bp = make(BLACK, PAWN) << 1, wp = make(WHITE, PAWN) << 1;
        final long h =
                bb[bp] * 0x9E3779B97F4A7C15L
                        + bb[bp | 1] * 0xC2B2AE3D27D4EB4FL
                        + bb[wp] * 0x165667B19E3779F9L
                        + bb[wp | 1] * 0xD6E8FEB86659FD93L
                        + (kingSquare[BLACK] + 1L) * 0x94D049BB133111EBL
                        + (kingSquare[WHITE] + 1L) * 0xBF58476D1CE4E5B9L;
        return h ^ h >>> 31;
    }

    /** See {@link #structureKey}. */
    public long placementKey(int color) {
        final int pawn = make(color, PAWN) << 1;
        final long lo = occ[color << 1] & ~bb[pawn], hi = occ[color << 1 | 1] & ~bb[pawn | 1];
        final long h =
                lo * 0x9E3779B97F4A7C15L + hi * 0xC2B2AE3D27D4EB4FL + color * 0x94D049BB133111EBL;
        return h ^ h >>> 31;
    }

    public long computeKey() {
        long k = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            if (board[sq] != 0) {
                k ^= Zobrist.PIECE[board[sq] * Square.NB + sq];
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t = PAWN; t <= GOLD; t++) {
                k ^= Zobrist.HAND[Zobrist.hand(c * 8 + t, hand[c * 8 + t])];
            }
        }
        return side == WHITE ? k ^ Zobrist.SIDE : k;
    }

    // ---------------------------------------------------------------- make / unmake

    public void doMove(int m) {
        final int us = side, to = Move.to(m);
        long k = key;
        if (Move.isDrop(m)) {
            int t = Move.dropType(m), piece = make(us, t), h = us * 8 + t;
            board[to] = (byte) piece;
            toggle(piece, to);
            final int z = Zobrist.hand(h, hand[h]);
            k ^= Zobrist.PIECE[piece * Square.NB + to] ^ Zobrist.HAND[z] ^ Zobrist.HAND[z - 1];
            hand[h]--;
            if (t == PAWN) {
                pawnFiles[us] |= 1 << (Square.file(to) - 1);
            }
        } else {
            int from = Move.from(m), piece = Move.piece(m), captured = Move.captured(m);
            if (captured != 0) {
                int ct = type(captured), ut = unpromoted(ct), h = us * 8 + ut;
                final int z = Zobrist.hand(h, hand[h]);
                k ^=
                        Zobrist.PIECE[captured * Square.NB + to]
                                ^ Zobrist.HAND[z]
                                ^ Zobrist.HAND[z + 1];
                hand[h]++;
                toggle(captured, to);
                if (ct == PAWN) {
                    pawnFiles[us ^ 1] &= ~(1 << (Square.file(to) - 1));
                } else if (ct == KING) {
                    kingSquare[us ^ 1] = -1;
                }
            }
            int moved = Move.isPromotion(m) ? piece + PROMOTED : piece;
            board[from] = 0;
            board[to] = (byte) moved;
            movePiece(piece, moved, from, to);
            k ^= Zobrist.PIECE[piece * Square.NB + from] ^ Zobrist.PIECE[moved * Square.NB + to];
            int t = type(piece);
            if (t == KING) {
                kingSquare[us] = to;
            } else if (t == PAWN && Move.isPromotion(m)) {
                pawnFiles[us] &= ~(1 << (Square.file(to) - 1));
            }
        }
        side = us ^ 1;
        key = k ^ Zobrist.SIDE;
        moveNumber++;
        push(key);
    }

    public void undoMove(int m) {
        final int us = side ^ 1, to = Move.to(m);
        if (Move.isDrop(m)) {
            int t = Move.dropType(m);
            board[to] = 0;
            toggle(make(us, t), to);
            hand[us * 8 + t]++;
            if (t == PAWN) {
                pawnFiles[us] &= ~(1 << (Square.file(to) - 1));
            }
        } else {
            int from = Move.from(m), piece = Move.piece(m), captured = Move.captured(m);
            board[from] = (byte) piece;
            board[to] = (byte) captured;
            movePiece(piece, Move.isPromotion(m) ? piece + PROMOTED : piece, from, to);
            int t = type(piece);
            if (t == KING) {
                kingSquare[us] = from;
            } else if (t == PAWN && Move.isPromotion(m)) {
                pawnFiles[us] |= 1 << (Square.file(to) - 1);
            }
            if (captured != 0) {
                int ct = type(captured);
                hand[us * 8 + unpromoted(ct)]--;
                toggle(captured, to);
                if (ct == PAWN) {
                    pawnFiles[us ^ 1] |= 1 << (Square.file(to) - 1);
                } else if (ct == KING) {
                    kingSquare[us ^ 1] = to;
                }
            }
        }
        side = us;
        moveNumber--;
        key = keys[--length];
    }

    /** Passes the turn (for null-move pruning); undo with {@link #undoNullMove}. */
    public void doNullMove() {
        side ^= 1;
        key ^= Zobrist.SIDE;
        moveNumber++;
        push(key);
    }

    public void undoNullMove() {
        side ^= 1;
        moveNumber--;
        key = keys[--length];
    }

    /**
     * Toggles piece on from and moved (piece, or piece promoted) on to in every set: a move one
     * way, its undo the other. A move within one word without promotion is one update of each set
     * instead of two dependent ones.
     */
    private void movePiece(int piece, int moved, int from, int to) {
        final int h = Bitboard.half(from);
        if (piece != moved || h != Bitboard.half(to)) {
            toggle(piece, from);
            toggle(moved, to);
            return;
        }
        final long bits = Bitboard.bit(from) | Bitboard.bit(to);
        occ[(piece >> 4) << 1 | h] ^= bits;
        bb[piece << 1 | h] ^= bits;
        final int a = PieceGroups.A[piece];
        if (a != PieceGroups.NO_GROUP) {
            bb[a << 1 | h] ^= bits;
            final int b = PieceGroups.B[piece];
            if (b != PieceGroups.NO_GROUP) {
                bb[b << 1 | h] ^= bits;
            }
        }
    }

    /** Adds or removes a coloured piece on sq in every set it belongs to (occ and bb). */
    private void toggle(int piece, int sq) {
        final int h = Bitboard.half(sq);
        final long bit = Bitboard.bit(sq);
        occ[(piece >> 4) << 1 | h] ^= bit;
        bb[piece << 1 | h] ^= bit;
        // Branches rather than writes to a dummy slot: repeated read-modify-writes of one slot form
        // a chain through memory that made doMove/undoMove 40 % slower.
        final int a = PieceGroups.A[piece];
        if (a != PieceGroups.NO_GROUP) {
            bb[a << 1 | h] ^= bit;
            final int b = PieceGroups.B[piece];
            if (b != PieceGroups.NO_GROUP) {
                bb[b << 1 | h] ^= bit;
            }
        }
    }

    private void push(long k) {
        if (++length == keys.length) {
            keys = Arrays.copyOf(keys, keys.length * 2);
        }
        keys[length] = k;
    }

    // ---------------------------------------------------------------- attacks

    /** True when a piece of colour {@code by} attacks sq. */
    public boolean attacked(int sq, int by) {
        return Attacks.attacked(this, sq, by, occ[0] | occ[2], occ[1] | occ[3]);
    }

    /** True when occ and bb are exactly what the board holds (for tests and asserts). */
    boolean setsMatchBoard() {
        Position fresh = new Position();
        System.arraycopy(board, 0, fresh.board, 0, Square.NB);
        fresh.afterEdit();
        return Arrays.equals(occ, fresh.occ) && Arrays.equals(bb, fresh.bb);
    }

    public boolean inCheck() {
        int k = kingSquare[side];
        return k >= 0 && attacked(k, side ^ 1);
    }

    /** True when the move (from any source) is legal here. Slow path: generates all legal moves. */
    public boolean isLegal(int m) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(this, moves, 0);
        int m16 = Move.move16(m);
        for (int i = 0; i < n; i++) {
            if (Move.move16(moves[i]) == m16) {
                return true;
            }
        }
        return false;
    }

    /**
     * Completes a move given by its low 16 bits (from, to, drop, promote) with the moving and
     * captured piece on this board. Does not check legality.
     */
    public int completeMove(int move16) {
        int to = move16 & 0x7f;
        if ((move16 & Move.DROP_FLAG) != 0) {
            return Move.drop((move16 >>> 7) & 0x7f, to, side);
        }
        int from = (move16 >>> 7) & 0x7f;
        return Move.make(from, to, board[from], board[to], (move16 & Move.PROMOTE_FLAG) != 0);
    }

    // ---------------------------------------------------------------- transformations

    /** The position turned 180° with colours swapped: the same game seen from the other side. */
    public Position flipped() {
        Position p = new Position();
        for (int sq = 0; sq < Square.NB; sq++) {
            int pc = board[sq];
            p.board[Square.flip(sq)] = (byte) (pc == 0 ? 0 : make(color(pc) ^ 1, type(pc)));
        }
        for (int t = PAWN; t <= GOLD; t++) {
            p.hand[t] = hand[8 + t];
            p.hand[8 + t] = hand[t];
        }
        p.side = side ^ 1;
        p.moveNumber = moveNumber;
        p.afterEdit();
        return p;
    }

    /** The key {@link #flipped()} would have, without building it. */
    public long flippedKey() {
        long k = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            int pc = board[sq];
            if (pc != 0) {
                k ^= Zobrist.PIECE[make(color(pc) ^ 1, type(pc)) * Square.NB + Square.flip(sq)];
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t = PAWN; t <= GOLD; t++) {
                k ^= Zobrist.HAND[Zobrist.hand(c * 8 + t, hand[(c ^ 1) * 8 + t])];
            }
        }
        return side == BLACK ? k ^ Zobrist.SIDE : k;
    }

    /** Same board, hands and side to move (move number and history ignored). */
    public boolean samePosition(Position o) {
        return side == o.side && Arrays.equals(board, o.board) && Arrays.equals(hand, o.hand);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int r = 1; r <= 9; r++) {
            for (int f = 9; f >= 1; f--) {
                int p = board[Square.of(f, r)];
                String s = p == 0 ? " ." : Piece.sfen(p);
                sb.append(s.length() == 1 ? " " + s : s);
            }
            sb.append('\n');
        }
        sb.append(side == BLACK ? "black" : "white").append(" to move, hands B");
        for (int t = PAWN; t <= GOLD; t++) {
            sb.append(' ').append(hand[t]);
        }
        sb.append(" W");
        for (int t = PAWN; t <= GOLD; t++) {
            sb.append(' ').append(hand[8 + t]);
        }
        return sb.toString();
    }
}
