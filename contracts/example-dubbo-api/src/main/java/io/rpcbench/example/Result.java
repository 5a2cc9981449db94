package io.rpcbench.example;

import java.io.Serializable;
import java.util.Objects;

/**
 * The generic envelope many Dubbo services return: a code, a message and the data of type {@code T}. Generic
 * callers see {@code T} only at run time, the case where the old JMeter plugin turned data into a map.
 */
public class Result<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The code of a successful result. */
    public static final int OK = 0;

    private int code;
    private String message;
    private T data;

    public Result() {}

    public Result(int code, String message, T data) {
        this.code = code;
        this.message = message;
        this.data = data;
    }

    public static <T> Result<T> ok(T data) {
        return new Result<>(OK, "OK", data);
    }

    public int getCode() {
        return code;
    }

    public void setCode(int code) {
        this.code = code;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public T getData() {
        return data;
    }

    public void setData(T data) {
        this.data = data;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Result<?> other && code == other.code && Objects.equals(message, other.message)
                && Objects.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, message, data);
    }

    @Override
    public String toString() {
        return "Result{code=" + code + ", message=" + message + ", data=" + data + "}";
    }
}
