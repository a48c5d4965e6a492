/** A reward's picture (its `grafik100`, through the portal), its box reserved so nothing shifts while it loads. */
export function RewardPicture({ id, className }: { id: number; className: string }) {
  return <img src={`/praemienbild/${id}/grafik100`} alt="" width={100} height={100} loading="lazy" className={`shrink-0 ${className}`} />;
}
