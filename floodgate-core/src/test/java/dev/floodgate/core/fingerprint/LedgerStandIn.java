package dev.floodgate.core.fingerprint;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** What the ledger and the logging threads do with a fingerprinter's probes, for the tests of this package. */
final class LedgerStandIn {

    private LedgerStandIn() {
    }

    /** Finds or stores the probe's frozen key in {@code ledger} and tells the fingerprinter, as the ledger does. */
    static Object lookUp(Fingerprinter f, Map<Object, Object> ledger, Object probe) {
        Object stored = ledger.get(probe);
        if (stored == null) {
            stored = f.freeze(probe);
            ledger.put(stored, stored);
        }
        if (stored != probe) {
            f.learn(probe, stored);
        }
        return stored;
    }

    /** Runs {@code call} on a new thread of its own and returns what it returned. */
    static Object onOtherThread(Callable<Object> call) throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            return thread.submit(call).get();
        } finally {
            thread.shutdown();
        }
    }
}
