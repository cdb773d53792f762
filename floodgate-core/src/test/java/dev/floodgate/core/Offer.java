package dev.floodgate.core;

/** Offers one event to a ledger the way a filter does: fast path, then the lock, re-admitting retired keys. */
final class Offer {

    /** The event passed (the ledger may be closed, then nothing was counted). */
    static final Gate.Outcome PASSED = Gate.Outcome.PASSED;

    private Offer() {
    }

    static <A> Gate.Outcome offer(KeyLedger<A> ledger, Object key, A attachment, long now, Gate<?> cap) {
        return offer(ledger, key, attachment, null, now, cap);
    }

    /** Offers one event of the logger {@code loggerName}, whose overflow gate takes it if the ledger is full. */
    static <A> Gate.Outcome offer(KeyLedger<A> ledger, Object key, A attachment, String loggerName, long now, Gate<?> cap) {
        Gate<A> gate = ledger.find(key);
        while (true) {
            if (gate == null) {
                gate = ledger.admit(key, attachment, loggerName, now);
                if (gate == null) {
                    return PASSED;
                }
            }
            if (gate.refuseFast(now) != Gate.NOT_REFUSED) {
                return Gate.Outcome.REFUSED_BY_KEY;
            }
            Gate.Outcome outcome = gate.decide(now, cap);
            if (outcome != Gate.Outcome.RETIRED) {
                return outcome;
            }
            gate = null;
        }
    }

    static <A> Gate.Outcome offer(KeyLedger<A> ledger, Object key, A attachment, long now) {
        return offer(ledger, key, attachment, now, null);
    }
}
