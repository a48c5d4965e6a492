// QR codes of personal links, drawn on the server (the qrcode package never reaches the browser).
import QRCode from "qrcode";

export function qrCodeSvg(link: string) {
  return QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/** A large picture to download and post, e.g. as a story. */
export function qrCodePng(link: string) {
  return QRCode.toBuffer(link, { type: "png", width: 1080, margin: 4, errorCorrectionLevel: "M" });
}
