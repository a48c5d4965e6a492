/** Some legacy paths take an id hex-encoded (its UTF-8 bytes), so that any character survives the route. */
export function hexEncode(value: string) {
  return Buffer.from(value, "utf8").toString("hex");
}
