export default function Page() { return <h1>not-found</h1>; }
