package dev.floodgate.benchmarks;

import java.util.Random;

/** Shuffles the orders in which benchmarks and probes visit their data (Fisher–Yates). Stateless. */
final class Shuffle {

    private Shuffle() {
    }

    /** Puts {@code values} in a random order drawn from {@code random}, every order equally likely. */
    static void inPlace(int[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = values[i];
            values[i] = values[j];
            values[j] = x;
        }
    }
}
