package dev.floodgate.benchmarks;

/** Precomputed distinct message templates, with arguments, so that no masking applies to them. */
final class Templates {

    /** 1,000 distinct templates. */
    static final String[] THOUSAND = make(1_000);
    /** 100,000 distinct templates. */
    static final String[] HUNDRED_THOUSAND = make(100_000);

    private Templates() {
    }

    private static String[] make(int n) {
        String[] t = new String[n];
        for (int i = 0; i < n; i++) {
            t[i] = "Operation " + Integer.toHexString(i * 0x9E3779B9) + " failed on {} after {} retries";
        }
        return t;
    }
}
