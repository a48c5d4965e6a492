/** The middle value (the upper one of an even count): runs on this shared machine drift, the median counts. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
