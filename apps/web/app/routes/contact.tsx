export default function Page() { return <h1>contact</h1>; }
