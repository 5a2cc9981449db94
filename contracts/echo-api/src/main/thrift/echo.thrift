/*
 * The echo contract over Thrift: the same operations as io.rpcbench.echo.EchoService.
 * The build compiles this file; the generated Java is never committed.
 */
namespace java io.rpcbench.echo.thrift

struct ThriftAddress {
  1: string street,
  2: string city,
  3: string zip,
}

struct ThriftPerson {
  1: i64 id,
  2: string name,
  3: i32 age,
  4: string email,
  5: ThriftAddress address,
  6: list<string> phones,
  7: map<string, string> tags,
  8: string description,
}

service ThriftEchoService {
  string echo(1: string text),
  ThriftPerson echoPerson(1: ThriftPerson person),
  map<string, ThriftPerson> echoPersons(1: map<string, ThriftPerson> persons),
  void ping(),
  list<ThriftPerson> listPersons(1: i32 count, 2: i32 sizeBytes),
  /* Seed 000's CPU scenario: the length of text with rounds random numbers of 10 digits appended, one by one. */
  i32 appendRandomNumbers(1: string text, 2: i32 rounds),
  /* Seed 002's delay scenario: sleeps delayMs, then builds and returns EchoPayload.text(length). */
  string sleepAndBuildText(1: i32 delayMs, 2: i32 length),
}
