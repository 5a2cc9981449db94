package io.rpcbench.user;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** A page of users as {@link UserService#listUser(int)} returns it: the page's number, the total, the users. */
public class Page implements Serializable {
    private static final long serialVersionUID = 1L;

    private int pageNo;
    private int total;
    private List<User> users;

    public Page() {}

    public int getPageNo() { return pageNo; }
    public void setPageNo(int pageNo) { this.pageNo = pageNo; }
    public int getTotal() { return total; }
    public void setTotal(int total) { this.total = total; }
    public List<User> getUsers() { return users; }
    public void setUsers(List<User> users) { this.users = users; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Page)) return false;
        Page that = (Page) o;
        return pageNo == that.pageNo && total == that.total && Objects.equals(users, that.users);
    }

    @Override
    public int hashCode() { return Objects.hash(pageNo, total, users); }

    @Override
    public String toString() { return "Page{pageNo=" + pageNo + ", users=" + (users == null ? 0 : users.size()) + "}"; }
}
