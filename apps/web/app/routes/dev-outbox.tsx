export default function Page() { return <h1>dev-outbox</h1>; }
