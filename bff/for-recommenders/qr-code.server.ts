// QR codes of personal links, drawn on the server (the qrcode package never reaches the browser).
import QRCode from "qrcode";

export function qrCodeSvg(link: string) {
  return QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
