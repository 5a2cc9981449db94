package io.rpcbench.echo;

import java.io.Serializable;
import java.util.Objects;

/** A postal address nested inside {@link Person}. Plain bean so that every Dubbo serialization handles it. */
public class Address implements Serializable {
    private static final long serialVersionUID = 1L;

    private String street;
    private String city;
    private String zip;

    public Address() {}

    public Address(String street, String city, String zip) {
        this.street = street;
        this.city = city;
        this.zip = zip;
    }

    public String getStreet() { return street; }
    public void setStreet(String street) { this.street = street; }
    public String getCity() { return city; }
    public void setCity(String city) { this.city = city; }
    public String getZip() { return zip; }
    public void setZip(String zip) { this.zip = zip; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Address)) return false;
        Address that = (Address) o;
        return Objects.equals(street, that.street) && Objects.equals(city, that.city) && Objects.equals(zip, that.zip);
    }

    @Override
    public int hashCode() { return Objects.hash(street, city, zip); }

    @Override
    public String toString() { return "Address{" + street + ", " + city + ", " + zip + '}'; }
}
