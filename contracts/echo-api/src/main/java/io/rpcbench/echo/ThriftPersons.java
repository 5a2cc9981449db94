package io.rpcbench.echo;

import io.rpcbench.echo.thrift.ThriftAddress;
import io.rpcbench.echo.thrift.ThriftPerson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Converts the Java payload model to the structs generated from {@code echo.thrift}, and back. */
public final class ThriftPersons {

    private ThriftPersons() {}

    public static ThriftPerson toThrift(Person person) {
        Address a = person.getAddress();
        return new ThriftPerson()
                .setId(person.getId())
                .setName(person.getName())
                .setAge(person.getAge())
                .setEmail(person.getEmail())
                .setAddress(a == null ? null : new ThriftAddress(a.getStreet(), a.getCity(), a.getZip()))
                .setPhones(person.getPhones() == null ? null : new ArrayList<>(person.getPhones()))
                .setTags(person.getTags() == null ? null : new LinkedHashMap<>(person.getTags()))
                .setDescription(person.getDescription());
    }

    public static Person fromThrift(ThriftPerson t) {
        Person person = new Person();
        person.setId(t.getId());
        person.setName(t.getName());
        person.setAge(t.getAge());
        person.setEmail(t.getEmail());
        ThriftAddress a = t.getAddress();
        person.setAddress(a == null ? null : new Address(a.getStreet(), a.getCity(), a.getZip()));
        person.setPhones(t.getPhones() == null ? null : new ArrayList<>(t.getPhones()));
        person.setTags(t.getTags() == null ? null : new LinkedHashMap<>(t.getTags()));
        person.setDescription(t.getDescription());
        return person;
    }

    public static Map<String, ThriftPerson> toThrift(Map<String, Person> persons) {
        Map<String, ThriftPerson> map = new LinkedHashMap<>();
        persons.forEach((k, v) -> map.put(k, toThrift(v)));
        return map;
    }

    public static List<ThriftPerson> toThrift(List<Person> persons) {
        List<ThriftPerson> list = new ArrayList<>(persons.size());
        persons.forEach(p -> list.add(toThrift(p)));
        return list;
    }
}
