// Preloaded (`node --import`) into a portal process whose pages must not change from day to day
// (tests/e2e/looks.spec.ts): the process's clock starts at FIXED_NOW and runs on from there, so
// the seeded data's dates, validity and ages are those of that day, while timers work as usual.
const fixedNow = Date.parse(process.env.FIXED_NOW ?? "");
if (Number.isNaN(fixedNow)) throw new Error("FIXED_NOW: an ISO date-time is needed");

const RealDate = Date;
const offset = fixedNow - RealDate.now();

class ClockFromFixedNow extends RealDate {
  constructor(...args: ConstructorParameters<typeof Date> | []) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as ConstructorParameters<typeof Date>));
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ClockFromFixedNow as DateConstructor;
