package dev.floodgate.core;

/** The seed of randomized tests: {@code 20261121} unless {@code -Dflood.test.seed} overrides it. */
public final class TestSeed {

    /** The seed in force. */
    public static final long SEED = Long.getLong("flood.test.seed", /* seed= */ 20261121L);

    private TestSeed() {
    }

    /** Returns a description to put in assertion messages, so a failure can be replayed. */
    public static String describe() {
        return "seed=" + SEED + " (rerun with -Dflood.test.seed=" + SEED + ")";
    }
}
