package dev.floodgate.examples.springboot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Syncs the stock of every article from the {@link Warehouse} on a schedule, and logs an error for each article it
 * could not sync: thousands of identical errors per run while the warehouse is down.
 */
@Component
public class InventorySync {

    /** The error's message template. */
    static final String FAILURE = "Stock sync failed for SKU {}: {}";

    private static final Logger LOG = LoggerFactory.getLogger(InventorySync.class);

    private final Warehouse warehouse;
    private final int skus;

    /** Creates the job for {@code inventory.sync.skus} articles. */
    public InventorySync(Warehouse warehouse, @Value("${inventory.sync.skus:5000}") int skus) {
        this.warehouse = warehouse;
        this.skus = skus;
    }

    /** Runs {@link #sync()} every {@code inventory.sync.delay-ms}. */
    @Scheduled(initialDelayString = "${inventory.sync.initial-delay-ms:1000}",
            fixedDelayString = "${inventory.sync.delay-ms:10000}")
    public void scheduledSync() {
        sync();
    }

    /** Syncs every article once; returns how many failed (each logged as an error). */
    public int sync() {
        int failed = 0;
        for (int i = 1; i <= skus; i++) {
            String sku = String.format("SKU-%05d", i);
            try {
                warehouse.stock(sku);
            } catch (IllegalStateException e) {
                failed++;
                LOG.error(FAILURE, sku, e.getMessage());
            }
        }
        LOG.info("Stock sync done: {} of {} articles failed", failed, skus);
        return failed;
    }
}
