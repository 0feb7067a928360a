// A Swift source file.
struct Greeter {
    let name: String

    func greet() -> String {
        "Hello, \(name)!"
    }
}

print(Greeter(name: "fixture").greet())
