// A Node process started with --inspect, through the inspector protocol: its live heap and its CPU
// profile. The live heap: a full garbage collection, then the heap in use. Unlike the resident size,
// which grows while V8 sizes its heap to the load, this only grows when something is kept. It is told
// in two parts: compiled code (V8 compiles and recompiles hot functions for minutes under a steady
// load) and the objects, where a leak would show.
import { once } from "node:events";
import { WebSocket } from "undici";

type Reply = { id: number; result?: { result?: { value?: unknown }; profile?: CpuProfile } };

/** V8's CPU profile (the inspector's Profiler domain): the call tree, and which node each sample was taken in. */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

const HEAP_SPACES = "process.getBuiltinModule('node:v8').getHeapSpaceStatistics()";

export async function connectInspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, "open");
  const pending = new Map<number, (reply: Reply) => void>();
  socket.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data)) as Reply;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  let nextId = 0;
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Reply>((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /**
     * MB in use right after a full collection: all of the heap, and its objects without compiled code; and
     * beside them what the resident size holds besides: the heap V8 keeps committed for the load, and the
     * memory outside the heap (Buffers).
     */
    async liveHeapMb() {
      await send("HeapProfiler.collectGarbage");
      const reply = await send("Runtime.evaluate", { expression: HEAP_SPACES, returnByValue: true });
      const spaces = reply.result?.result?.value as { space_name: string; space_used_size: number; space_size: number }[];
      const mb = (list: typeof spaces, size: "space_used_size" | "space_size" = "space_used_size") =>
        list.reduce((sum, space) => sum + space[size], 0) / 1024 / 1024;
      const outside = await send("Runtime.evaluate", { expression: "process.memoryUsage().external", returnByValue: true });
      return {
        heap: mb(spaces),
        objects: mb(spaces.filter((space) => !space.space_name.startsWith("code_"))),
        committed: mb(spaces, "space_size"),
        external: Number(outside.result?.result?.value ?? 0) / 1024 / 1024,
      };
    },
    /** V8's samples of where the process's time went while `load` ran, one every `intervalUs`, and what `load` gave. */
    async cpuProfile<T>(load: () => Promise<T>, intervalUs = 200): Promise<{ profile: CpuProfile; loaded: T }> {
      await send("Profiler.enable");
      await send("Profiler.setSamplingInterval", { interval: intervalUs });
      await send("Profiler.start");
      const loaded = await load();
      const reply = await send("Profiler.stop");
      return { profile: reply.result!.profile!, loaded };
    },
    close: () => socket.close(),
  };
}
