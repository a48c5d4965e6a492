// A thread of the picture pool (picture-pool.server.ts): draws one picture and hands its PNG back
// without a copy. Built to build/server/picture-worker.js beside the server's bundle.
import { Piscina } from "piscina";
import { type PreviewPicture, previewPicturePng } from "./preview-picture.server";
import { type StoryPicture, storyPicturePng } from "./story-picture.server";

export type PictureJob = { look: "story"; story: StoryPicture } | { look: "preview"; preview: PreviewPicture };

export default async function drawPicture(job: PictureJob) {
  const png = job.look === "story" ? await storyPicturePng(job.story) : previewPicturePng(job.preview);
  // A copy of its own: a Buffer may share its memory with others, which a transfer would take from them.
  return Piscina.move(new Uint8Array(png));
}
