export default function Page() { return <h1>legal-page</h1>; }
