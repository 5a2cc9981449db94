package io.rpcbench.example.thrift;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one implementation of {@link InventoryService}, served by the provider app and by tests. It keeps nothing:
 * every answer is computed from the arguments, so a caller can predict it exactly.
 *
 * <pre>{@code
 * TProcessor processor = new InventoryService.Processor<>(new InventoryDesk());
 * }</pre>
 */
public final class InventoryDesk implements InventoryService.Iface {

    @Override
    public Item store(Item item) {
        return item;
    }

    @Override
    public Shelf shelve(String code, List<Item> items) {
        Map<String, Item> byName = new LinkedHashMap<>();
        Map<ItemKind, Integer> countByKind = new TreeMap<>();
        long total = 0;
        HashSet<Long> ids = new HashSet<>();
        for (Item item : items) {
            byName.put(item.getName(), item);
            if (item.getKind() != null) {
                countByKind.merge(item.getKind(), 1, Integer::sum);
            }
            total += item.getPriceMicros();
            ids.add(item.getId());
        }
        return new Shelf(code, items, byName, countByKind, total, ids);
    }

    /** An item made from its id for any id from 0; {@link ItemNotFound} below 0. */
    @Override
    public Item find(long id) throws ItemNotFound {
        if (id < 0) {
            throw new ItemNotFound(id, "no item " + id + ": ids start at 0");
        }
        return new Item().setId(id).setName("item-" + id).setKind(ItemKind.PART);
    }

    @Override
    public Map<String, Long> totalStock(List<Item> items) {
        Map<String, Long> totals = new TreeMap<>();
        for (Item item : items) {
            if (item.getStockByWarehouse() != null) {
                item.getStockByWarehouse().forEach((warehouse, count) -> totals.merge(warehouse, (long) count, Long::sum));
            }
        }
        return totals;
    }

    @Override
    public void touch(long id) {
        // nothing to do: the call exists to be answered with no result
    }

    @Override
    public void forget(long id) {
        // oneway: nothing is answered, nothing is kept
    }
}
