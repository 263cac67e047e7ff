export default function PixRoute() {
  return <h1>Pix</h1>;
}
