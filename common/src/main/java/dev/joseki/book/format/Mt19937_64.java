package dev.joseki.book.format;

/**
 * MT19937-64 (Matsumoto and Nishimura, 2004), the generator of C++ {@code std::mt19937_64}, seeded
 * with one integer as {@code init_genrand64}. Apery draws its book Zobrist keys from a
 * default-constructed one (seed 5489); the reference implementation's published outputs give three
 * check values.
 */
public final class Mt19937_64 {
    public static final long DEFAULT_SEED = 5489L;
    private static final int NN = 312, MM = 156;
    private static final long MATRIX_A = 0xB5026F5AA96619E9L;
    private static final long UM = 0xFFFFFFFF80000000L, LM = 0x7FFFFFFFL;

    private final long[] mt = new long[NN];
    private int mti;

    public Mt19937_64(long seed) {
        mt[0] = seed;
        for (int i = 1; i < NN; i++) {
            mt[i] = 6364136223846793005L * (mt[i - 1] ^ (mt[i - 1] >>> 62)) + i;
        }
        mti = NN;
    }

    public long next() {
        if (mti >= NN) {
            int i;
            for (i = 0; i < NN - MM; i++) {
                long x = (mt[i] & UM) | (mt[i + 1] & LM);
                mt[i] = mt[i + MM] ^ (x >>> 1) ^ ((x & 1L) == 0 ? 0 : MATRIX_A);
            }
            for (; i < NN - 1; i++) {
                long x = (mt[i] & UM) | (mt[i + 1] & LM);
                mt[i] = mt[i + (MM - NN)] ^ (x >>> 1) ^ ((x & 1L) == 0 ? 0 : MATRIX_A);
            }
            long x = (mt[NN - 1] & UM) | (mt[0] & LM);
            mt[NN - 1] = mt[MM - 1] ^ (x >>> 1) ^ ((x & 1L) == 0 ? 0 : MATRIX_A);
            mti = 0;
        }
        long x = mt[mti++];
        x ^= (x >>> 29) & 0x5555555555555555L;
        x ^= (x << 17) & 0x71D67FFFEDA60000L;
        x ^= (x << 37) & 0xFFF7EEE000000000L;
        x ^= x >>> 43;
        return x;
    }
}
