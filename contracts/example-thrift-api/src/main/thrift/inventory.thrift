/*
 * An example business service over Thrift, called by the generic Thrift sampler (ThriftServiceSampler) through
 * its generated classes. It holds every kind of Thrift value the sampler maps from and to JSON: nested structs,
 * list, set, map (string and enum keys), an enum, optional fields, i64 beyond 2^53, double, binary, a declared
 * exception and a oneway method. Every answer is computed from the arguments, so a test can assert a round trip.
 * The build compiles this file; the generated Java is never committed.
 */
namespace java io.rpcbench.example.thrift

enum ItemKind {
  PART = 1,
  TOOL = 2,
  KIT = 3,
}

struct Dimensions {
  1: double widthMm,
  2: double heightMm,
  3: double depthMm,
}

struct Item {
  1: required i64 id,
  2: required string name,
  3: ItemKind kind,
  /** Price in millionths of the currency unit: large values must survive JSON exactly. */
  4: i64 priceMicros,
  5: double weightKg,
  6: list<string> tags,
  7: set<string> barcodes,
  8: map<string, i32> stockByWarehouse,
  9: optional Dimensions dimensions,
  10: optional string note,
  11: optional binary thumbnail,
}

struct Shelf {
  1: string code,
  2: list<Item> items,
  3: map<string, Item> byName,
  4: map<ItemKind, i32> countByKind,
  5: i64 totalPriceMicros,
  6: set<i64> ids,
}

exception ItemNotFound {
  1: i64 id,
  2: string reason,
}

service InventoryService {
  /** The item as stored: the argument, unchanged. */
  Item store(1: Item item),

  /** A shelf holding the items: indexed by name, counted by kind, prices summed, ids collected. */
  Shelf shelve(1: string code, 2: list<Item> items),

  /** The item with the id; throws ItemNotFound for any id below 0 (the desk keeps nothing). */
  Item find(1: i64 id) throws (1: ItemNotFound notFound),

  /** The stock of every item, per warehouse, added up. */
  map<string, i64> totalStock(1: list<Item> items),

  /** Does nothing: a call without a result. */
  void touch(1: i64 id),

  /** Sent, never answered. */
  oneway void forget(1: i64 id),
}
