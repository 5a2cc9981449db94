package io.rpcbench.user;

/**
 * The user service of seed 004 for hessian2 (Dubbo 2.7 and 3.3 over the dubbo protocol, and triple wrapping
 * hessian2): the three kinds of call the seed measures. Its protobuf twin is {@code rpcbench/user.proto}
 * ({@code io.rpcbench.user.proto.UserService}); {@link UserDesk} and {@link UserProtoDesk} answer both with the
 * same data.
 */
public interface UserService {

    /** The call with no argument and no result (the seed's "no-argument method"). */
    void ping();

    /** One user (the seed's "POJO return"). */
    User getUser(long id);

    /** A page of {@value UserDesk#PAGE_SIZE} users (the seed's "POJO list return"). */
    Page listUser(int pageNo);
}
