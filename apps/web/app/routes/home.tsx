export default function Page() { return <h1>home</h1>; }
