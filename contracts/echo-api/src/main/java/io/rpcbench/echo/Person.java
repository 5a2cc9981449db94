package io.rpcbench.echo;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The "nested complex person" of seeds 000/001: scalars, a nested {@link Address}, a list and a map.
 * {@code description} carries the padding that brings a person to the requested size
 * ({@link EchoPayload#person(int)}). A plain bean so that hessian2, fastjson2, protobuf-less triple and
 * Java serialization all handle it.
 */
public class Person implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String name;
    private int age;
    private String email;
    private Address address;
    private List<String> phones;
    private Map<String, String> tags;
    private String description;

    public Person() {}

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public int getAge() { return age; }
    public void setAge(int age) { this.age = age; }
    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
    public Address getAddress() { return address; }
    public void setAddress(Address address) { this.address = address; }
    public List<String> getPhones() { return phones; }
    public void setPhones(List<String> phones) { this.phones = phones; }
    public Map<String, String> getTags() { return tags; }
    public void setTags(Map<String, String> tags) { this.tags = tags; }
    public String getDescription() { return description; }
    public void setDescription(String description) { this.description = description; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Person)) return false;
        Person that = (Person) o;
        return id == that.id && age == that.age && Objects.equals(name, that.name)
                && Objects.equals(email, that.email) && Objects.equals(address, that.address)
                && Objects.equals(phones, that.phones) && Objects.equals(tags, that.tags)
                && Objects.equals(description, that.description);
    }

    @Override
    public int hashCode() { return Objects.hash(id, name, age, email, address, phones, tags, description); }

    @Override
    public String toString() {
        return "Person{id=" + id + ", name=" + name + ", description=" + (description == null ? 0 : description.length())
                + " chars}";
    }
}
