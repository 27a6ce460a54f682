export default function Page() { return <h1>marketplace</h1>; }
