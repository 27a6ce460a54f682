export default function Page() { return <h1>demo</h1>; }
