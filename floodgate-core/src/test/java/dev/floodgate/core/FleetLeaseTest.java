package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetReply;
import dev.floodgate.core.fleet.FleetSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lease of one fingerprint's fleet budget, with the store's answers given by hand: asking ahead of use, local
 * decisions until a lease is there, debts, refusals, outages, growth of the lease, and the third limit in a gate.
 * (The real store's answers are tested against Redis in floodgate-redis.)
 */
class FleetLeaseTest {

    /** A store whose answers the test gives: records each request. */
    private static final class HandAnsweredStore implements FleetConnection {
        final List<Long> quantities = new ArrayList<>();
        final List<FleetReply> pending = new ArrayList<>();

        @Override
        public void take(String key, long quantity, FleetReply reply) {
            quantities.add(quantity);
            pending.add(reply);
        }

        @Override
        public void close() {
            pending.clear();
        }

        FleetReply next() {
            return pending.remove(0);
        }
    }

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final HandAnsweredStore store = new HandAnsweredStore();

    /** Fleet limit 10 per second, burst 9: limit 10, maxLease 2, emission interval 100 ms. */
    private FleetLease lease() {
        FleetSettings settings = FleetSettings.of("redis://redis:6379",
                CellRateSettings.builder().count(10).periodMillis(1_000).burst(9).build(), "test:");
        return new FleetLease(new FleetBudget(settings, store, clock), "Payment {} failed");
    }

    @Test
    void take_beforeAnyAnswer_localLimitsDecideAndOneRequestAsks() {
        FleetLease lease = lease();

        boolean first = lease.take(clock.millis());
        boolean second = lease.take(clock.millis());

        assertThat(first).isTrue();
        assertThat(second).isTrue();
        assertThat(store.quantities).containsExactly(2L);
        assertThat(lease.tokens()).isEqualTo(-2);
    }

    @Test
    void granted_paysTheDebtFirst() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        lease.take(clock.millis());

        store.next().granted();

        assertThat(lease.leased()).isTrue();
        assertThat(lease.tokens()).isZero();
        assertThat(lease.take(clock.millis())).isFalse();
        assertThat(store.quantities).hasSize(2);
    }

    @Test
    void take_leaseRunsLow_refillIsAskedBeforeItRunsOut() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        store.next().granted();
        clock.advanceMillis(10);
        lease.take(clock.millis());
        store.next().granted();

        assertThat(lease.tokens()).isEqualTo(2);
        assertThat(lease.take(clock.millis())).isTrue();
        assertThat(store.quantities).hasSize(3);
        assertThat(lease.take(clock.millis())).isTrue();
    }

    @Test
    void refused_takesAreRefusedAndNoRequestGoesOutBeforeTheRetryTime() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        store.next().granted();
        lease.take(clock.millis());
        store.next().refused(300);

        boolean taken = lease.take(clock.millis());
        clock.advanceMillis(299);
        lease.take(clock.millis());

        assertThat(taken).isFalse();
        assertThat(store.quantities).hasSize(2);
        clock.advanceMillis(1_000);
        assertThat(lease.take(clock.millis())).isFalse();
        assertThat(store.quantities).hasSize(3);
    }

    @Test
    void unavailable_localLimitsDecideAgain_debtForgiven_askedAgainAfterASecond() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        store.next().granted();
        lease.take(clock.millis());
        store.next().unavailable();

        boolean duringOutage = lease.take(clock.millis());
        clock.advanceMillis(FleetLease.UNAVAILABLE_RETRY_MILLIS);
        lease.take(clock.millis());

        assertThat(duringOutage).isTrue();
        assertThat(lease.leased()).isFalse();
        assertThat(store.quantities).hasSize(3);
    }

    @Test
    void request_quietFingerprintAsksOne_floodingOneAsksMore() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        store.next().granted();
        clock.advanceMillis(5_000);
        lease.take(clock.millis());
        long quiet = store.quantities.get(1);
        store.next().granted();
        clock.advanceMillis(10);
        lease.take(clock.millis());
        lease.take(clock.millis());

        assertThat(quiet).isEqualTo(1L);
        assertThat(store.quantities.get(2)).isEqualTo(2L);
    }

    @Test
    void gateDecide_fleetRefuses_countedAsRefusedByFleet_capGivesTheShareBack() {
        FleetLease lease = lease();
        lease.take(clock.millis());
        store.next().granted();
        Gate<Void> key = Gate.standalone(KeyLimiterFactory.of(CellRateSettings.builder().count(1_000).periodMillis(1_000).burst(100)
                .build(), 0).newKeyLimiter());
        Gate<Void> cap = Gate.standalone(KeyLimiterFactory.of(WindowSettings.builder().count(1).period(java.time.Duration.ofMinutes(1))
                .build(), 0).newKeyLimiter());
        cap.decide(clock.millis(), null);
        clock.advanceMillis(10);
        lease.take(clock.millis());
        store.next().granted();

        Gate.Outcome byCap = key.decide(clock.millis(), cap, lease);
        long tokensAfterCap = lease.tokens();

        assertThat(byCap).isEqualTo(Gate.Outcome.REFUSED_BY_CAP);
        assertThat(tokensAfterCap).isEqualTo(2);
        assertThat(key.decide(clock.millis(), null, lease)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(key.decide(clock.millis(), null, lease)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(key.decide(clock.millis(), null, lease)).isEqualTo(Gate.Outcome.REFUSED_BY_FLEET);
    }
}
