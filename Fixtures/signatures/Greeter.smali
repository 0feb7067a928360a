.class public Lcom/example/Greeter;
.super Ljava/lang/Object;
.source "Greeter.java"


# direct methods
.method public constructor <init>()V
    .registers 1

    .line 3
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V

    return-void
.end method
