import { describe, expect, it, vi } from "vitest";
import { remembered } from "./remembered";

describe("remembered values", () => {
  it("are made once per key, false included, and kept apart by key", () => {
    const store = new Map<string, boolean>();
    const make = vi.fn(() => false);
    expect(remembered(store, "a", make)).toBe(false);
    expect(remembered(store, "a", make)).toBe(false);
    expect(make).toHaveBeenCalledTimes(1);
    expect(remembered(store, "b", () => true)).toBe(true);
  });

  it("work with a WeakMap", () => {
    const store = new WeakMap<object, string>();
    const key = {};
    expect(remembered(store, key, () => "made")).toBe("made");
    expect(remembered(store, key, () => "again")).toBe("made");
  });

  it("start over when a bounded store is full", () => {
    const store = new Map<number, number>();
    for (let key = 0; key < 3; key++) remembered(store, key, () => key, 3);
    remembered(store, 3, () => 3, 3);
    expect([...store.keys()]).toEqual([3]);
  });
});
