export default function Page() { return <h1>pricing</h1>; }
