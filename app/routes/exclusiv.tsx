export { loader } from "./exklusiv";
