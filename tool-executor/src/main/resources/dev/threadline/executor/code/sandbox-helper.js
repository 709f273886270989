// Evaluated in every fresh sandbox before any of the caller's code. Its value is the host's helper:
// it is never put on globalThis, and it captures every intrinsic it uses first, so that code in the
// sandbox that rewrites a prototype cannot change how values are copied in or out.
(() => {
  "use strict";
  const { defineProperty, getPrototypeOf, getOwnPropertyDescriptor, keys, freeze } = Object;
  const apply = Reflect.apply;
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const MapCtor = Map, SetCtor = Set, DateCtor = Date, PromiseCtor = Promise, ErrorCtor = Error;
  const BigIntCtor = BigInt, StringCtor = String, stringify = JSON.stringify;
  const objectProto = Object.prototype, mapProto = Map.prototype, setProto = Set.prototype;
  const dateProto = Date.prototype, arrayProto = Array.prototype;
  const mapSet = mapProto.set, mapForEach = mapProto.forEach;
  const setAdd = setProto.add, setForEach = setProto.forEach;
  const dateGetTime = dateProto.getTime;
  const typedProto = getPrototypeOf(Uint8Array.prototype);
  const typedName = getOwnPropertyDescriptor(typedProto, Symbol.toStringTag).get;
  const typedConstructors = {
    Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array,
  };
  const define = (target, key, value) =>
    defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  const isThenable = (v) =>
    v !== null && (typeof v === "object" || typeof v === "function") && typeof v.then === "function";
  const text = (v) => {
    if (typeof v === "string") return v;
    try {
      const json = stringify(v);
      return json === undefined ? StringCtor(v) : json;
    } catch (e) {
      return StringCtor(v);
    }
  };
  class LinkError extends ErrorCtor {}
  defineProperty(LinkError.prototype, "name", { value: "LinkError" });

  return freeze({
    undefinedValue: undefined,
    object: () => ({}),
    array: () => [],
    define,
    map: () => new MapCtor(),
    mapSet: (m, k, v) => apply(mapSet, m, [k, v]),
    set: () => new SetCtor(),
    setAdd: (s, v) => apply(setAdd, s, [v]),
    date: (ms) => new DateCtor(ms),
    typed: (name, length) => new typedConstructors[name](length),
    bigint: (digits) => BigIntCtor(digits),
    // A host function as the sandbox sees it: arguments go out as copies, a promise comes back.
    callable: (host) => (...args) => new PromiseCtor((resolve, reject) => host(args, resolve, reject)),
    error: (name, message) => {
      const e = new ErrorCtor(message);
      define(e, "name", name);
      return e;
    },
    kind: (v) => {
      if (v === null) return "null";
      const t = typeof v;
      if (t !== "object") return t;
      if (isArray(v)) return "array";
      if (isView(v)) return v instanceof DataView ? "unsupported" : "typed";
      const proto = getPrototypeOf(v);
      if (proto === objectProto || proto === null) return "object";
      if (proto === mapProto) return "map";
      if (proto === setProto) return "set";
      if (proto === dateProto) return "date";
      if (proto === arrayProto) return "array";
      return "unsupported";
    },
    keys: (o) => keys(o),
    mapEntries: (m) => {
      const out = [];
      apply(mapForEach, m, [(v, k) => { define(out, out.length, k); define(out, out.length, v); }]);
      return out;
    },
    setValues: (s) => {
      const out = [];
      apply(setForEach, s, [(v) => define(out, out.length, v)]);
      return out;
    },
    time: (d) => apply(dateGetTime, d, []),
    typedName: (t) => apply(typedName, t, []),
    // What was thrown, read so that no getter or toString of the code's can make it unreadable.
    describe: (e) => {
      if (e !== null && typeof e === "object") {
        const read = (key, absent) => {
          try {
            const v = e[key];
            return v === undefined || v === null ? absent : StringCtor(v);
          } catch (unreadable) {
            return `(the thrown value's ${key} could not be read)`;
          }
        };
        return { name: read("name", "Error"), message: read("message", ""), stack: read("stack", "") };
      }
      try {
        return { name: "Error", message: "thrown: " + text(e), stack: "" };
      } catch (unreadable) {
        return { name: "Error", message: "thrown: a value that could not be read", stack: "" };
      }
    },
    // Only the runtime's own LinkError: one the code makes and names so is the code's error.
    isLinkError: (e) => e instanceof LinkError,
    // console.* as the caller's logs, when the caller installs no console of its own
    console: (sink) => {
      const log = (level) => (...args) => { sink(level, args.map(text).join(" ")); };
      return freeze({ log: log("log"), info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") });
    },
    // Loads the caller's module and resolves the export options.execute selects (spec §13.5).
    run: async (specifier, fn, args, hasArgs) => {
      const ns = await import(specifier);
      if (!(fn in ns)) throw new LinkError(`the module has no export named '${fn}'`);
      let value = ns[fn];
      if (typeof value === "function") {
        value = value(...args);
      } else if (hasArgs) {
        throw new TypeError(`export '${fn}' is not a function, yet execute.args were given`);
      }
      while (isThenable(value)) value = await value;
      return value;
    },
  });
})();
