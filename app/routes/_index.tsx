export default function Index() {
  return <main id="main"><h1>Arkikaveri</h1></main>;
}
